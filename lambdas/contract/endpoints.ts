import * as z from 'zod';
import {
  confirmRequest, forgotPasswordRequest, loginRequest, logoutRequest, refreshRequest, registerRequest, resendCodeRequest, resetPasswordRequest,
  socialLoginRequest, changePasswordRequest,
} from './auth';
import {
  accountExportResponse, confirmResponse, courseVisibilityResponse, deleteAccountResponse, loginResponse, meResponse, refreshResponse,
  registerResponse, socialLoginResponse, tokens, updateProfileResponse,
} from './account-views';
import { lmsAulaView, lmsRetryRequest, lmsRosterView, lmsScoreView } from './lms-grades';
import { assignmentRequest, aulaGroupView, aulaRequest, aulaView, invitationPreview, joinRequest, memberView, membershipView, myAulas } from './aulas';
import { certificateIssued, certificatePdf, certificateSummary, certificateVerification } from './certificates';
import {
  evaluationRequest, evaluationSubmission, lessonRequest, myCoursesQuery, planRequest, progressRequest, suggestionsRequest,
} from './courses';
import {
  courseDetail, courseProgress, courseSuggestion, courseSummary, evaluationResult, jobView, progressAnswer, publicEvaluation,
} from './course-views';
import { COURSE_STATES } from './course-terms';
import { diplomadoCourseRequest, diplomadoCourseStart, diplomadoPlanRequest, diplomadoSummary, diplomadoView } from './diplomado';
import { feedbackAnswer, feedbackRequest } from './feedback';
import { contactRequest } from './support';
import { narrationQuery, narrationRequest, narrationView, spokenAnswer, spokenAnswerRequest, voiceSample } from './narration';
import { materialCreated, materialDetail, materialRequest, materialView } from './materials';
import { courseMastery, masteryNextStep } from './mastery';
import { outlineEdit } from './outline';
import { BILLING_COUNTRIES, billingDetails, checkoutResponse, invoice, paymentMethod, planSummary, upgradeRequest } from './payments';
import { openAnswerRequest } from './practice';
import { practiceFeedback, remedialAnswer, remedialOpenAnswer, remedialPiece } from './remedial';
import { questionReport, questionReportResult } from './question-reports';
import { courseShare, sharedCourse } from './sharing';
import { scormPackage } from './scorm';
import { ltiEntryAnswer, ltiEntryRequest, ltiJwks, ltiLaunchAnswer, ltiLinkAnswer, ltiLinkRequest, ltiPickerOptions, ltiPickerRequest, ltiPlatformList, ltiPlatformRequest, ltiPlatformUpdate, ltiPlatformView, ltiRedirect, ltiRegistered, ltiReturnPage } from './lti';
import { dueCards, ratedCard, reviewDueQuery, reviewRating, reviewReveal, reviewSolution, reviewSummary, reviewSummaryQuery } from './review';
import type { RouteKey } from './routes';
import { connectionCourses, connectionRequest, connectionResult, connectionsResponse, courseSendRequest, courseSendResult, learnersPage, searchQuery, suggestionsQuery } from './social';
import { tutorChatAnswer, tutorChatRequest, tutorContextQuery, tutorContextView } from './tutor';
import { courseVisibilityRequest, deleteAccountRequest, updateProfileRequest } from './users';

// The shapes of every route of the table (routes.ts), by route key: what its body and query accept
// and what it answers when it succeeds (a refusal is always `failure`, common.ts). The server checks
// its answers against `response` in tests (lambdas/shared/reply-check.ts); the web's one client
// (web/src/lib/api.ts) takes its types from here and parses answers with them in development.
// Path parameters are named by the path itself ({id}); handlers validate them (404 or 400).

export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success answer (2xx). */
  response: z.ZodType;
}

const answer = <S extends z.ZodRawShape>(shape: S) => z.object({ success: z.literal(true), ...shape });
const withData = <T extends z.ZodType>(data: T) => answer({ data, message: z.string().optional() });
const message = answer({ message: z.string() });
/** A model call the API does not wait on: follow it at GET /jobs/{id}. */
const started = answer({ jobId: z.string(), message: z.string() });
const courseStarted = answer({ curso: courseSummary, jobId: z.string(), message: z.string() });
/** Progress or a graded attempt that finished a course also carries the certificates it earned. */
const certificados = z.array(certificateIssued).optional();
const connection = { response: connectionResult };
const methods = withData(z.array(paymentMethod));
/** Billing details as stored (the request schema normalises what the learner typed). */
const billingView = z.object({
  nombre: z.string(), identificacionFiscal: z.string(), direccion: z.string(), ciudad: z.string(), codigoPostal: z.string(),
  pais: z.enum(Object.keys(BILLING_COUNTRIES) as [string, ...string[]]),
});

export const endpoints = {
  'POST /auth/login': { body: loginRequest, response: loginResponse },
  'POST /auth/loginsocial': { body: socialLoginRequest, response: socialLoginResponse },
  'POST /auth/register': { body: registerRequest, response: registerResponse },
  'POST /auth/confirm': { body: confirmRequest, response: confirmResponse },
  'POST /auth/refresh': { body: refreshRequest, response: refreshResponse },
  'POST /auth/logout': { body: logoutRequest, response: message },
  'POST /auth/forgot-password': { body: forgotPasswordRequest, response: message },
  'POST /auth/contacto': { body: contactRequest, response: message },
  'POST /auth/reset-password': { body: resetPasswordRequest, response: loginResponse },
  'POST /auth/resend-code': { body: resendCodeRequest, response: message },
  'GET /users/me': { response: meResponse },
  'PUT /users/profile': { body: updateProfileRequest, response: updateProfileResponse },
  'POST /users/password': { body: changePasswordRequest, response: answer({ message: z.string(), tokens }) },
  'DELETE /users/me': { body: deleteAccountRequest, response: deleteAccountResponse },
  'GET /users/me/export': { response: accountExportResponse },
  'PUT /users/courses/{id}/visibility': { body: courseVisibilityRequest, response: courseVisibilityResponse },
  'POST /users/upgrade-premium': { body: upgradeRequest, response: checkoutResponse },
  // The cached suggestions at once, or the job that writes them.
  'POST /courses/suggestions': { body: suggestionsRequest, response: z.union([withData(z.array(courseSuggestion)), started]) },
  'POST /courses/plan': { body: planRequest, response: courseStarted },
  'GET /courses/{id}': { response: withData(courseDetail) },
  'GET /courses/my-courses': { query: myCoursesQuery, response: answer({ data: z.array(courseSummary), next: z.string().optional() }) },
  'GET /courses/{id}/progress': { response: withData(courseProgress) },
  'POST /courses/{id}/progress': { body: progressRequest, response: answer({ data: progressAnswer, certificados, message: z.string() }) },
  'POST /courses/{id}/retry': { response: courseStarted },
  'PUT /courses/{id}/outline': {
    body: outlineEdit,
    response: withData(z.object({
      courseId: z.string(),
      estado: z.enum(COURSE_STATES),
      modulos: z.array(z.object({ moduleId: z.string(), titulo: z.string(), lecciones: z.array(z.object({ lessonId: z.string(), titulo: z.string() })) })),
    })),
  },
  'POST /courses/{id}/modules/{moduleId}/evaluation': { body: evaluationSubmission, response: answer({ data: evaluationResult, certificados }) },
  // The learner's Refuerzo guiado for their last attempt at once, or (202) the job writing it.
  'POST /courses/{id}/modules/{moduleId}/refuerzo': { response: z.union([withData(remedialPiece), started]) },
  'POST /courses/{id}/modules/{moduleId}/refuerzo/respuesta': { body: remedialAnswer, response: withData(practiceFeedback) },
  'POST /courses/{id}/modules/{moduleId}/refuerzo/abierta': { body: remedialOpenAnswer, response: started },
  'POST /lesson/generate': { body: lessonRequest, response: started },
  // The evaluation in force at once, or (202) the job writing a new one; `data` then says where to follow it.
  'POST /evaluacion/generate': {
    body: evaluationRequest,
    response: z.union([
      withData(publicEvaluation),
      answer({ jobId: z.string(), data: z.object({ jobId: z.string(), estado: z.literal('generando') }), message: z.string() }),
    ]),
  },
  'POST /evaluacion/reportar': { body: questionReport, response: withData(questionReportResult) },
  'POST /diplomado/plan': { body: diplomadoPlanRequest, response: started },
  'POST /diplomado/course': {
    body: diplomadoCourseRequest,
    response: answer({
      data: z.object({ cursos: z.array(diplomadoCourseStart) }),
      // SPEC §3 shape when one course was asked for: curso.courseId and the job id at the top level.
      curso: z.object({ courseId: z.string(), estado: z.enum(COURSE_STATES) }).optional(),
      jobId: z.string().optional(),
      message: z.string(),
    }),
  },
  'GET /diplomado': { response: withData(z.array(diplomadoSummary)) },
  'GET /diplomado/{id}': { response: withData(diplomadoView) },
  'POST /ai-tutor/chat': { body: tutorChatRequest, response: withData(tutorChatAnswer) },
  'GET /ai-tutor/context/{id}': { query: tutorContextQuery, response: withData(tutorContextView) },
  'DELETE /ai-tutor/context/{id}': { response: message },
  'POST /feedback': { body: feedbackRequest, response: withData(feedbackAnswer) },
  'GET /social/users': { query: suggestionsQuery, response: learnersPage },
  'GET /social/users/search': { query: searchQuery, response: learnersPage },
  'POST /social/connections': { body: connectionRequest, response: connectionResult },
  'GET /social/connections': { response: connectionsResponse },
  'POST /social/connections/{userId}/accept': connection,
  'POST /social/connections/{userId}/decline': connection,
  'DELETE /social/connections/{userId}': connection,
  'GET /social/connections/{userId}/courses': { response: connectionCourses },
  'POST /social/connections/{userId}/courses': { body: courseSendRequest, response: courseSendResult },
  'GET /jobs/{id}': { response: withData(jobView) },
  'GET /payments/plan': { response: withData(planSummary) },
  // Stripe's raw body is checked by its signature, never parsed by a schema first (lambdas/payments/handler.ts).
  'POST /payments/webhook': { response: answer({ received: z.enum(['processed', 'replayed', 'ignored']) }) },
  'GET /payments/history': { response: withData(z.array(invoice)) },
  'GET /payments/methods': { response: methods },
  'POST /payments/methods': { response: checkoutResponse },
  'PUT /payments/methods/{id}/default': { response: methods },
  'DELETE /payments/methods/{id}': { response: methods },
  'POST /payments/portal': { response: checkoutResponse },
  'GET /payments/billing': { response: withData(billingView.nullable()) },
  'PUT /payments/billing': { body: billingDetails, response: withData(billingView) },
  'GET /review/due': { query: reviewDueQuery, response: withData(dueCards) },
  'GET /review/summary': { query: reviewSummaryQuery, response: withData(reviewSummary) },
  'POST /review/{cardId}/reveal': { body: reviewReveal, response: withData(reviewSolution) },
  'POST /review/{cardId}': { body: reviewRating, response: withData(ratedCard) },
  'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/self-check': { body: openAnswerRequest, response: started },
  'GET /courses/{id}/mastery': { response: withData(courseMastery) },
  'GET /courses/next-step': { response: withData(masteryNextStep) },
  'GET /certificates': { response: withData(z.array(certificateSummary)) },
  'GET /certificates/{id}/pdf': { response: withData(certificatePdf) },
  'GET /certificados/{id}': { response: withData(certificateVerification) },
  'POST /materials': { body: materialRequest, response: withData(materialCreated) },
  'GET /materials': { response: withData(z.array(materialView)) },
  'GET /materials/{id}': { response: withData(materialDetail) },
  'DELETE /materials/{id}': { response: message },
  'POST /aulas': { body: aulaRequest, response: withData(aulaView) },
  'GET /aulas': { response: withData(myAulas) },
  'DELETE /aulas/{id}': { response: message },
  'PUT /aulas/{id}/asignaciones': { body: assignmentRequest, response: withData(aulaView) },
  'GET /aulas/invitacion/{code}': { response: withData(invitationPreview) },
  'POST /aulas/join': { body: joinRequest, response: withData(membershipView) },
  'DELETE /aulas/{id}/membership': { response: message },
  'POST /aulas/{id}/copias': { response: withData(membershipView) },
  'GET /aulas/{id}/grupo': { response: withData(aulaGroupView) },
  'GET /aulas/{id}/miembros/{userId}': { response: withData(memberView) },
  'GET /aulas/{id}/lms': { response: withData(lmsAulaView) },
  'POST /aulas/{id}/lms/reintentar': { body: lmsRetryRequest, response: withData(lmsScoreView) },
  'POST /aulas/{id}/lms/miembros': { response: answer({ data: lmsRosterView, message: z.string() }) },
  'POST /courses/{id}/share': { response: withData(courseShare) },
  'DELETE /courses/{id}/share': { response: message },
  'GET /compartidos/{shareId}': { response: withData(sharedCourse) },
  'POST /compartidos/{shareId}/copy': { response: answer({ curso: courseSummary, message: z.string() }) },
  'GET /courses/{id}/scorm': { response: withData(scormPackage) },
  'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration': { body: narrationRequest, response: withData(narrationView) },
  'GET /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration': { query: narrationQuery, response: withData(narrationView) },
  'POST /ai-tutor/context/{id}/voz': { body: spokenAnswerRequest, response: withData(spokenAnswer) },
  'GET /narration/voices/{voz}/sample': { response: withData(voiceSample) },
  'GET /lti/jwks': { response: ltiJwks },
  'GET /lti/login': { response: ltiRedirect },
  'POST /lti/login': { response: ltiRedirect },
  'POST /lti/launch': { response: ltiLaunchAnswer },
  'GET /lti/plataformas': { response: withData(ltiPlatformList) },
  'POST /lti/plataformas': { body: ltiPlatformRequest, response: withData(ltiPlatformView) },
  'PUT /lti/plataformas/{id}': { body: ltiPlatformUpdate, response: withData(ltiPlatformView) },
  'DELETE /lti/plataformas/{id}': { response: message },
  'GET /lti/registro': { response: withData(ltiRegistered) },
  'POST /lti/sesion': { body: ltiEntryRequest, response: ltiEntryAnswer },
  'POST /lti/vincular': { body: ltiLinkRequest, response: ltiLinkAnswer },
  'POST /lti/seleccion/opciones': { body: ltiPickerRequest, response: ltiPickerOptions },
  'POST /lti/seleccion': { response: ltiReturnPage },
} as const satisfies { [K in RouteKey]: RouteSchemas };

export type Endpoints = typeof endpoints;
