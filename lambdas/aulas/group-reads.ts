import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pointerKey } from '../certificates';
import { courseKey, evaluationKey, parseCourseSk, type EvaluationItem } from '../course-model';
import type { BankQuestion } from '../shared/ai/schemas';
import { userPk } from '../shared/table';
import type { AulaItem, MemberItem } from './aula-items';
import { batchGet } from './batch';
import { itemKey } from '../evaluations';

// What the teacher's view reads beyond the aula's partition, in two BatchGetItem sets read in
// parallel: each member's profile (gone = account deleted: not shown), their copies' course items,
// module evaluations (attempts only) and course certificate pointers; and the teacher's own banks
// (stems and keys, to count the questions the group misses), then those questions' item statistics
// (issue 41: the ones withdrawn are listed). Only copies recorded on member items of
// this aula, of courses assigned to it, are ever addressed: nothing else of a member can be read.

export type Attempt = NonNullable<EvaluationItem['intentos']>[number];
export interface CopyProgress { completadas?: number; completadasPorModulo?: Record<string, number>; totalLecciones?: number }
export interface GroupReads {
  /** Members whose account still exists. */
  present: Set<string>;
  course: (memberId: string, copyId: string) => CopyProgress | undefined;
  attempts: (memberId: string, copyId: string, moduleId: string) => Attempt[];
  certificate: (memberId: string, copyId: string) => { certificateId: string; fecha: string } | undefined;
  /** The teacher's bank of a module, by question id. */
  bank: (courseId: string, moduleId: string) => Map<string, BankQuestion>;
  /** Issue 41 item 3: a bank question's statistics across every bank holding it, when it has any. */
  item?: (q: BankQuestion) => { n: number; ok: number; retirada?: string } | undefined;
}

type Row = { pk: string; sk: string } & Record<string, unknown>;
const at = (pk: string, sk: string) => `${pk}\u0000${sk}`;

export async function readGroup(db: DynamoDBDocumentClient, TableName: string, aula: AulaItem, members: MemberItem[]): Promise<GroupReads> {
  const memberKeys = members.flatMap((m) => [
    { pk: userPk(m.userId), sk: 'PROFILE' },
    ...aula.cursos.flatMap((c) => {
      const copy = m.copias?.[c.courseId];
      if (!copy) return [];
      return [courseKey(m.userId, copy), pointerKey(m.userId, 'curso', copy), ...c.modulos.map((mod) => evaluationKey(m.userId, copy, mod.moduleId))];
    }),
  ]);
  const bankKeys = aula.cursos.flatMap((c) => c.modulos.map((mod) => evaluationKey(aula.teacherId, c.courseId, mod.moduleId)));
  const [rows, banks] = await Promise.all([
    batchGet<Row>(db, TableName, memberKeys, 'pk, sk, completadas, completadasPorModulo, totalLecciones, intentos, certificateId, fecha'),
    batchGet<Row>(db, TableName, bankKeys, 'pk, sk, preguntas'),
  ]);
  // The teacher's questions' item statistics (withdrawn ones are listed): one more BatchGetItem, after the banks.
  const questions = banks.flatMap((b) => (b.preguntas ?? []) as BankQuestion[]);
  const items = await batchGet<Row>(db, TableName, questions.map((q) => ({ pk: `ITEM#${itemKey(q)}`, sk: 'STATS' })), 'pk, n, ok, retirada');
  const itemByKey = new Map(items.map((i) => [i.pk.slice('ITEM#'.length), { n: Number(i.n ?? 0), ok: Number(i.ok ?? 0), ...(typeof i.retirada === 'string' && { retirada: i.retirada }) }]));
  const byKey = new Map(rows.map((r) => [at(r.pk, r.sk), r]));
  const bankByKey = new Map(banks.map((b) => {
    const { moduleId } = parseCourseSk(b.sk);
    const courseId = b.sk.split('#')[1];
    return [`${courseId}/${moduleId}`, new Map(((b.preguntas ?? []) as BankQuestion[]).map((q) => [q.preguntaId, q]))];
  }));
  const row = (k: { pk: string; sk: string }) => byKey.get(at(k.pk, k.sk));
  return {
    present: new Set(members.filter((m) => row({ pk: userPk(m.userId), sk: 'PROFILE' })).map((m) => m.userId)),
    course: (memberId, copyId) => row(courseKey(memberId, copyId)) as CopyProgress | undefined,
    attempts: (memberId, copyId, moduleId) => ((row(evaluationKey(memberId, copyId, moduleId))?.intentos ?? []) as Attempt[]),
    certificate: (memberId, copyId) => {
      const p = row(pointerKey(memberId, 'curso', copyId));
      return p && { certificateId: String(p.certificateId), fecha: String(p.fecha) };
    },
    bank: (courseId, moduleId) => bankByKey.get(`${courseId}/${moduleId}`) ?? new Map(),
    item: (q) => itemByKey.get(itemKey(q)),
  };
}
