import { routes } from '../../../lambdas/contract';
import { BAD_BODIES, idFieldsOf } from './bad-bodies';
import type { OwnerIds } from './owner-fixture';
import { keyOf, pathParams } from './route-sets';

// What learner B gets for calling each id-taking route with learner A's ids: 404 (never 403, no
// hint that the id exists) with the route's Spanish message. One case per route, no exceptions.

export interface IdCase {
  params: (ids: OwnerIds) => Record<string, string>;
  body?: (ids: OwnerIds) => Record<string, unknown>;
  status: number;
  message: string;
  /** Set when the route's documented answer is to act (the id names a person, not an item of A's). */
  writesOwner?: true;
  /** The stranger's own call that takes the action back, so no case leaves state for the next. */
  undo?: (ids: OwnerIds) => { method: string; path: string };
}

const NO_COURSE = 'No encontramos ese curso.';
const course = (ids: OwnerIds) => ({ id: ids.courseId });
const NO_AULA = 'No encontramos esa aula.';

export const ID_CASES: Record<string, IdCase> = {
  'GET /courses/{id}': { params: course, status: 404, message: NO_COURSE },
  'GET /courses/{id}/progress': { params: course, status: 404, message: NO_COURSE },
  'GET /courses/{id}/mastery': { params: course, status: 404, message: NO_COURSE },
  'POST /courses/{id}/progress': { params: course, body: () => ({ moduleId: 'm01', lessonId: 'l02', estado: 'completado' }), status: 404, message: 'No encontramos esa lección en tu curso.' },
  'POST /courses/{id}/retry': { params: course, status: 404, message: NO_COURSE },
  'PUT /courses/{id}/outline': {
    params: course,
    body: () => ({ modulos: [1, 2].map((n) => ({ titulo: `Módulo ${n}`, lecciones: [{ titulo: 'Primera lección' }, { titulo: 'Segunda lección' }] })) }),
    status: 404,
    message: NO_COURSE,
  },
  // A's course id is no certificate of B's: the same 404 as any id B does not own.
  'GET /certificates/{id}/pdf': { params: course, status: 404, message: 'No encontramos ese certificado.' },
  'POST /courses/{id}/modules/{moduleId}/evaluation': {
    params: (ids) => ({ id: ids.courseId, moduleId: ids.moduleId }),
    body: () => ({ answers: [{ preguntaId: 'p1', opcion: 'A' }] }),
    status: 404,
    message: 'No encontramos esa evaluación en tu curso.',
  },
  // Issue 32 item 4: A's module names no evaluation of B's to reinforce, and no Refuerzo guiado of B's to answer.
  'POST /courses/{id}/modules/{moduleId}/refuerzo': { params: (ids) => ({ id: ids.courseId, moduleId: ids.moduleId }), status: 404, message: 'No encontramos esa evaluación en tu curso.' },
  'POST /courses/{id}/modules/{moduleId}/refuerzo/respuesta': {
    params: (ids) => ({ id: ids.courseId, moduleId: ids.moduleId }),
    body: () => ({ item: 1, opcion: 'A' }),
    status: 404,
    message: 'Todavía no tienes un refuerzo guiado para este módulo.',
  },
  'POST /courses/{id}/modules/{moduleId}/refuerzo/abierta': {
    params: (ids) => ({ id: ids.courseId, moduleId: ids.moduleId }),
    body: () => ({ respuesta: 'Mi respuesta con mis palabras' }),
    status: 404,
    message: 'Todavía no tienes un refuerzo guiado para este módulo.',
  },
  'POST /lesson/generate': { params: () => ({}), body: (ids) => ({ courseId: ids.courseId, moduleId: 'm01', lessonId: 'l01' }), status: 404, message: 'No encontramos esa lección en tu curso.' },
  'POST /evaluacion/generate': { params: () => ({}), body: (ids) => ({ courseId: ids.courseId, moduleId: 'm01', regenerar: true }), status: 404, message: 'No encontramos esa evaluación en tu curso.' },
  // A's question ids mean nothing in B's partition: B can only report what B was shown.
  'POST /evaluacion/reportar': { params: () => ({}), body: (ids) => ({ courseId: ids.courseId, moduleId: 'm01', preguntaId: 'q1', motivo: 'confusa' }), status: 404, message: 'No encontramos esa pregunta entre las que has respondido en este módulo.' },
  'GET /diplomado/{id}': { params: (ids) => ({ id: ids.diplomadoId }), status: 404, message: 'No encontramos ese diplomado.' },
  'POST /diplomado/course': { params: () => ({}), body: (ids) => ({ diplomadoId: ids.diplomadoId, index: 0 }), status: 404, message: 'No encontramos ese diplomado.' },
  'POST /ai-tutor/chat': { params: () => ({}), body: (ids) => ({ courseId: ids.courseId, message: '¿De qué trata este curso?' }), status: 404, message: NO_COURSE },
  'GET /ai-tutor/context/{id}': { params: course, status: 404, message: NO_COURSE },
  'DELETE /ai-tutor/context/{id}': { params: course, status: 404, message: NO_COURSE },
  'POST /feedback': { params: () => ({}), body: (ids) => ({ courseId: ids.courseId, tipo: 'leccion', moduleId: 'm01', lessonId: 'l01', valoracion: 'negativa' }), status: 404, message: NO_COURSE },
  'PUT /users/courses/{id}/visibility': { params: course, body: () => ({ publico: true }), status: 404, message: NO_COURSE },
  'GET /jobs/{id}': { params: (ids) => ({ id: ids.jobId }), status: 404, message: 'No encontramos esa tarea.' },
  // The path names the other person; B can only ever address B's side of a connection.
  'POST /social/connections/{userId}/accept': { params: (ids) => ({ userId: ids.userId }), status: 404, message: 'No tienes ninguna solicitud pendiente de esta persona.' },
  'POST /social/connections/{userId}/decline': { params: (ids) => ({ userId: ids.userId }), status: 404, message: 'No tienes ninguna solicitud pendiente de esta persona.' },
  // Courses between connections (issue 34): anyone not connected gets the same 403, whatever the id names (docs/social.md).
  'GET /social/connections/{userId}/courses': { params: (ids) => ({ userId: ids.userId }), status: 403, message: 'Solo puedes ver los cursos que compartes con tus conexiones.' },
  'POST /social/connections/{userId}/courses': { params: (ids) => ({ userId: ids.userId }), body: (ids) => ({ courseId: ids.courseId }), status: 403, message: 'Solo puedes enviar cursos a tus conexiones.' },
  'DELETE /social/connections/{userId}': { params: (ids) => ({ userId: ids.userId }), status: 404, message: 'No tienes ninguna solicitud ni conexión con esta persona.' },
  // Sending A a request is what the route is for: it writes A's "received" side, and nothing else.
  'POST /social/connections': {
    params: () => ({}),
    body: (ids) => ({ userId: ids.userId }),
    status: 201,
    message: 'Solicitud enviada.',
    writesOwner: true,
    undo: (ids) => ({ method: 'DELETE', path: `/social/connections/${ids.userId}` }),
  },
  'PUT /payments/methods/{id}/default': { params: (ids) => ({ id: ids.paymentMethodId }), status: 404, message: 'No encontramos ese método de pago entre los tuyos.' },
  'GET /materials/{id}': { params: (ids) => ({ id: ids.materialId }), status: 404, message: 'No encontramos ese material.' },
  'DELETE /materials/{id}': { params: (ids) => ({ id: ids.materialId }), status: 404, message: 'No encontramos ese material.' },
  // Sharing (issue 25): A's course cannot be shared or withdrawn by B; a course id is no link, the same 404 as a withdrawn one.
  'POST /courses/{id}/share': { params: course, status: 404, message: NO_COURSE },
  'DELETE /courses/{id}/share': { params: course, status: 404, message: NO_COURSE },
  'POST /compartidos/{shareId}/copy': { params: (ids) => ({ shareId: ids.courseId }), status: 404, message: 'Este enlace ya no está disponible.' },
  // Aulas (issue 25): only their teacher reaches them; an aula id is no invitation code.
  'DELETE /aulas/{id}': { params: (ids) => ({ id: ids.aulaId }), status: 404, message: NO_AULA },
  'PUT /aulas/{id}/asignaciones': { params: (ids) => ({ id: ids.aulaId }), body: (ids) => ({ cursos: [ids.courseId] }), status: 404, message: NO_AULA },
  'GET /aulas/{id}/grupo': { params: (ids) => ({ id: ids.aulaId }), status: 404, message: NO_AULA },
  'GET /aulas/{id}/miembros/{userId}': { params: (ids) => ({ id: ids.aulaId, userId: ids.userId }), status: 404, message: NO_AULA },
  'DELETE /aulas/{id}/membership': { params: (ids) => ({ id: ids.aulaId }), status: 404, message: NO_AULA },
  'POST /aulas/{id}/copias': { params: (ids) => ({ id: ids.aulaId }), status: 404, message: NO_AULA },
  // An LMS course's aula's scores (issue 45): only its teacher reads or retries them.
  'GET /aulas/{id}/lms': { params: (ids) => ({ id: ids.aulaId }), status: 404, message: NO_AULA },
  // Another account's LTI platform registration (issue 45): the same 404 as none, nothing changed.
  'PUT /lti/plataformas/{id}': { params: (ids) => ({ id: ids.ltiPlatformId }), body: () => ({ deployments: ['del-extraño'] }), status: 404, message: 'No encontramos esa plataforma entre las que registraste.' },
  'DELETE /lti/plataformas/{id}': { params: (ids) => ({ id: ids.ltiPlatformId }), status: 404, message: 'No encontramos esa plataforma entre las que registraste.' },
  'POST /aulas/{id}/lms/reintentar': { params: (ids) => ({ id: ids.aulaId }), body: (ids) => ({ nota: `${ids.userId}#${'a'.repeat(16)}#${ids.courseId}#m01#1` }), status: 404, message: NO_AULA },
  // Its LMS course's roster (NRPS): only its teacher reads or imports it; nothing is fetched for anyone else.
  'POST /aulas/{id}/lms/miembros': { params: (ids) => ({ id: ids.aulaId }), status: 404, message: NO_AULA },
  'GET /aulas/invitacion/{code}': { params: (ids) => ({ code: ids.aulaId }), status: 404, message: 'No encontramos ningún aula con ese código. Revisa que esté bien escrito.' },
  // SCORM (issue 25): A's course is no package of B's.
  'GET /courses/{id}/scorm': { params: course, status: 404, message: NO_COURSE },
  'DELETE /payments/methods/{id}': { params: (ids) => ({ id: ids.paymentMethodId }), status: 404, message: 'No encontramos ese método de pago entre los tuyos.' },
  // Narration (issue 26): A's lesson ids name nothing in B's partition, nor A's tutor answer B's conversation; nothing is synthesized.
  // Issue 32: an open answer to a self-check of A's lesson is no question of B's.
  'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check': { params: (ids) => ({ id: ids.courseId, moduleId: ids.moduleId, lessonId: 'l01' }), body: () => ({ pregunta: 1, respuesta: 'Mi respuesta con mis palabras' }), status: 404, message: 'No encontramos esa pregunta en la lección.' },
  'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration': { params: (ids) => ({ id: ids.courseId, moduleId: ids.moduleId, lessonId: 'l01' }), body: () => ({}), status: 404, message: 'No encontramos esta lección.' },
  'GET /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration': { params: (ids) => ({ id: ids.courseId, moduleId: ids.moduleId, lessonId: 'l01' }), status: 404, message: 'No encontramos esta lección.' },
  'POST /ai-tutor/context/{id}/voz': { params: course, body: (ids) => ({ fecha: ids.tutorFecha }), status: 404, message: 'No encontramos esa respuesta del tutor en tu conversación.' },
  // The path names a voice, nothing of A's: the same for everyone, and an unknown one is refused before anything is said.
  'GET /narration/voices/{voz}/sample': { params: () => ({ voz: 'Joanna' }), status: 400, message: 'Esa voz no existe: elige Lucía, Sergio, Mía, Andrés, Lupe, Pedro' },
  // A's completed lesson l01 made self-check cards; their ids are random UUIDs (issue 20).
  'POST /review/{cardId}/reveal': { params: (ids) => ({ cardId: ids.cardId }), body: () => ({}), status: 404, message: 'No encontramos esa tarjeta de repaso.' },
  'POST /review/{cardId}': { params: (ids) => ({ cardId: ids.cardId }), body: () => ({ calificacion: 'bien' }), status: 404, message: 'No encontramos esa tarjeta de repaso.' },
};

/** Authenticated routes with a path parameter or an id in their body, as the table and the contract say. */
export const idTakingRoutes = () =>
  routes
    .filter((r) => r.access === 'authenticated')
    .filter((r) => pathParams(r).length > 0 || idFieldsOf(BAD_BODIES[keyOf(r)]?.schema ?? ({} as never)).length > 0)
    .map(keyOf)
    .sort();
