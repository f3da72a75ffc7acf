import type * as z from 'zod';
import * as contract from '../../../lambdas/contract';

// One bad body per route that reads a JSON body, with the exact Spanish answer it must get.
// `schema` is the route's request schema in the contract: the id matrix reads its fields.

export interface BadBody {
  schema: z.ZodType;
  bad: unknown;
  message: string;
}

export const NOT_JSON = { raw: '{"tema": sin comillas', message: 'El cuerpo de la solicitud no es un JSON válido.' };

export const BAD_BODIES: Record<string, BadBody> = {
  'POST /auth/register': { schema: contract.registerRequest, bad: { email: 'ana@example.com', password: 'corta', nombre: 'Ana' }, message: 'La contraseña debe tener al menos 8 caracteres' },
  'POST /auth/login': { schema: contract.loginRequest, bad: { password: 'Aprender2025' }, message: 'El correo electrónico es obligatorio' },
  'POST /auth/confirm': { schema: contract.confirmRequest, bad: { code: '123456' }, message: 'El usuario es obligatorio' },
  'POST /auth/refresh': { schema: contract.refreshRequest, bad: { refreshToken: '' }, message: 'El token de actualización es obligatorio' },
  'POST /auth/logout': { schema: contract.logoutRequest, bad: { refreshToken: 'r', todos: true }, message: 'Campo no permitido: todos' },
  'POST /auth/loginsocial': { schema: contract.socialLoginRequest, bad: {}, message: 'Envía el token de inicio de sesión social' },
  'POST /auth/forgot-password': { schema: contract.forgotPasswordRequest, bad: {}, message: 'El correo electrónico es obligatorio' },
  'POST /auth/reset-password': { schema: contract.resetPasswordRequest, bad: { email: 'ana@example.com', password: 'Aprender2025' }, message: 'El código es obligatorio' },
  'POST /auth/contacto': { schema: contract.contactRequest, bad: { nombre: 'Ana', email: 'ana@example.com', motivo: 'duda', mensaje: 'Hola' }, message: 'El mensaje debe tener al menos 10 caracteres' },
  'POST /auth/resend-code': { schema: contract.resendCodeRequest, bad: { email: 'ana@example.com', code: '123456' }, message: 'Campo no permitido: code' },
  'POST /users/password': { schema: contract.changePasswordRequest, bad: { nueva: 'Aprender2025' }, message: 'La contraseña es obligatoria' },
  'PUT /users/profile': { schema: contract.updateProfileRequest, bad: {}, message: 'Indica al menos un dato del perfil que quieras cambiar' },
  'DELETE /users/me': { schema: contract.deleteAccountRequest, bad: { confirmacion: '' }, message: 'Escribe el correo de tu cuenta para confirmar' },
  'PUT /users/courses/{id}/visibility': { schema: contract.courseVisibilityRequest, bad: {}, message: 'Indica si el tema del curso es público (verdadero o falso)' },
  'POST /users/upgrade-premium': { schema: contract.upgradeRequest, bad: { period: 'semanal' }, message: 'El periodo debe ser mensual o anual' },
  'POST /courses/suggestions': { schema: contract.suggestionsRequest, bad: { level: 'principiante' }, message: 'El tema es obligatorio' },
  'POST /courses/plan': { schema: contract.planRequest, bad: { level: 'principiante' }, message: 'El tema es obligatorio' },
  'PUT /courses/{id}/outline': { schema: contract.outlineEdit, bad: { modulos: [{ titulo: 'Solo uno', lecciones: [{ titulo: 'Una' }, { titulo: 'Otra' }] }] }, message: 'El curso debe tener al menos 2 módulos' },
  'POST /courses/{id}/progress': { schema: contract.progressRequest, bad: { lessonId: 'l01', estado: 'completado' }, message: 'El módulo es obligatorio' },
  'POST /courses/{id}/modules/{moduleId}/evaluation': { schema: contract.evaluationSubmission, bad: { answers: 'A' }, message: 'Las respuestas deben ser una lista' },
  'POST /lesson/generate': { schema: contract.lessonRequest, bad: { courseId: 'c0ffee00-0000-4000-8000-000000000000', moduleId: 'm01' }, message: 'La lección es obligatoria' },
  'POST /evaluacion/generate': { schema: contract.evaluationRequest, bad: { moduleId: 'm01' }, message: 'El curso es obligatorio' },
  'POST /evaluacion/reportar': { schema: contract.questionReport, bad: { courseId: 'c0ffee00-0000-4000-8000-000000000000', moduleId: 'm01', preguntaId: 'q1', motivo: 'me_aburre' }, message: 'Elige un motivo de la lista' },
  'POST /diplomado/plan': { schema: contract.diplomadoPlanRequest, bad: { level: 'intermedio' }, message: 'El tema es obligatorio' },
  'POST /diplomado/course': { schema: contract.diplomadoCourseRequest, bad: { index: 0 }, message: 'El diplomado es obligatorio' },
  'POST /ai-tutor/chat': { schema: contract.tutorChatRequest, bad: { message: '¿Qué es un vector?' }, message: 'El curso es obligatorio' },
  'POST /materials': { schema: contract.materialRequest, bad: { titulo: 'Apuntes' }, message: 'El texto es obligatorio' },
  'POST /aulas': { schema: contract.aulaRequest, bad: {}, message: 'El nombre del aula es obligatorio' },
  'POST /aulas/join': { schema: contract.joinRequest, bad: { codigo: 'ABC' }, message: 'El código de invitación no es válido: son 8 letras y números.' },
  'PUT /aulas/{id}/asignaciones': { schema: contract.assignmentRequest, bad: { cursos: 'todos' }, message: 'La lista de cursos no es válida' },
  'POST /aulas/{id}/lms/reintentar': { schema: contract.lmsRetryRequest, bad: {}, message: 'Esa nota no es de esta aula.' },
  // Narration (issue 26): a voice the learner cannot choose; a tutor answer named by nothing.
  'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration': { schema: contract.narrationRequest, bad: { voz: 'Joanna' }, message: 'Esa voz no existe: elige Lucía, Sergio, Mía, Andrés, Lupe, Pedro' },
  'POST /ai-tutor/context/{id}/voz': { schema: contract.spokenAnswerRequest, bad: { voz: 'Lucia' }, message: 'Indica qué respuesta del tutor quieres escuchar' },
  'POST /lti/plataformas': { schema: contract.ltiPlatformRequest, bad: { issuer: 'https://moodle.escuela.edu', authUrl: 'https://moodle.escuela.edu/auth', jwksUrl: 'https://moodle.escuela.edu/jwks', deployments: ['1'] }, message: 'Falta el client_id que la plataforma asignó a Mentora.' },
  'PUT /lti/plataformas/{id}': { schema: contract.ltiPlatformUpdate, bad: {}, message: 'Indica qué quieres cambiar: deployments, jwksUrl, authUrl, tokenUrl, paginas o publicar.' },
  'POST /lti/sesion': { schema: contract.ltiEntryRequest, bad: { cuentaNueva: true }, message: 'Falta el acceso de tu plataforma (ticket).' },
  'POST /lti/vincular': { schema: contract.ltiLinkRequest, bad: { ticket: 'corto' }, message: 'El acceso de tu plataforma (ticket) no es válido.' },
  'POST /lti/seleccion/opciones': { schema: contract.ltiPickerRequest, bad: {}, message: 'Falta la elección de contenido de tu plataforma (ticket).' },
  'POST /feedback': { schema: contract.feedbackRequest, bad: { tipo: 'leccion', valoracion: 'positiva' }, message: 'El curso es obligatorio' },
  'POST /social/connections': { schema: contract.connectionRequest, bad: {}, message: 'La persona es obligatoria' },
  'POST /social/connections/{userId}/courses': { schema: contract.courseSendRequest, bad: { courseId: 'no-es-un-curso' }, message: 'El curso no es válido' },
  'PUT /payments/billing': { schema: contract.billingDetails, bad: { pais: 'ES' }, message: 'El nombre o razón social es obligatorio' },
  'POST /courses/{id}/modules/{moduleId}/refuerzo/respuesta': { schema: contract.remedialAnswer, bad: { item: 1, opcion: 'E' }, message: 'La opción debe ser A, B, C o D' },
  'POST /courses/{id}/modules/{moduleId}/refuerzo/abierta': { schema: contract.remedialOpenAnswer, bad: { respuesta: ' ' }, message: 'Escribe tu respuesta con tus palabras' },
  'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check': { schema: contract.openAnswerRequest, bad: { pregunta: 1, respuesta: ' ' }, message: 'Escribe tu respuesta con tus palabras' },
  'POST /review/{cardId}/reveal': { schema: contract.reviewReveal, bad: { opcion: 'E' }, message: 'La opción debe ser A, B, C o D' },
  'POST /review/{cardId}': { schema: contract.reviewRating, bad: { calificacion: 'regular' }, message: 'La calificación debe ser otra_vez, dificil, bien o facil' },
};

/** Body fields that name an item or a person (courseId, diplomadoId, userId...): the id matrix needs a case. */
export function idFieldsOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  // `clientId` (POST /lti/plataformas) is the id an LMS gave Mentora, not an id of a learner's data.
  return Object.keys(shape).filter((k) => /Id$/.test(k) && k !== 'clientId');
}
