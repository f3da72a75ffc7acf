// The reasons a learner picks from when reporting a question (issue 20). No zod here, so the SPA
// can import the list without pulling the schemas into its chunks.

/** Why a question is wrong, as the learner picks it: the keys are stored, the labels are shown. */
export const REPORT_REASONS = {
  clave_incorrecta: 'La respuesta marcada como correcta no lo es',
  varias_correctas: 'Hay más de una opción correcta',
  ninguna_correcta: 'Ninguna opción es correcta',
  confusa: 'El enunciado es confuso o ambiguo',
  fuera_del_temario: 'No se explica en las lecciones',
  otro: 'Otro motivo',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

/** Longest free text a report may carry. */
export const REPORT_DETAIL_MAX = 500;
