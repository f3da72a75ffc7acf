import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { shareKey } from '../../lambdas/sharing';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { learner } from '../support/learners';
import { sharedCourse } from './sharing.cases';

// A shared course's public pointer (SHARE#<id>) is the one item of a learner's outside their
// partition (docs/sharing.md): deleting the account deletes it too, and the link is then 404.

it("erases the learner's public links with the account; a copy another learner made stays theirs", async () => {
  const { owner, shareId } = await sharedCourse();
  const reader = await learner('Rita');
  const copy = await invoke('POST /compartidos/{shareId}/copy', { userId: reader.userId, params: { shareId } });
  expect(copy.status).toBe(201);
  expect((await invoke('DELETE /users/me', { userId: owner.userId, body: { confirmacion: owner.email } })).status).toBe(200);
  const pointer = await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: shareKey(shareId), ConsistentRead: true }));
  expect(pointer.Item).toBeUndefined();
  expect(await invoke('GET /compartidos/{shareId}', { params: { shareId } })).toMatchObject({ status: 404, body: { message: 'Este enlace ya no está disponible.' } });
  const theirs = await invoke('GET /courses/{id}', { userId: reader.userId, params: { id: copy.body.curso.courseId } });
  expect(theirs).toMatchObject({ status: 200, body: { data: { estado: 'listo' } } });
});
