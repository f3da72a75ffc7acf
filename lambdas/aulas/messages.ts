// Every refusal of the aulas, in the words a learner reads (docs/aulas.md lists when each is answered).

export const AULA_NOT_FOUND = 'No encontramos esa aula.';
export const MEMBER_NOT_FOUND = 'No encontramos a ese miembro en el aula.';
export const PREMIUM_ONLY = 'Las aulas son parte del plan premium: mejora tu plan para crear un aula y seguir el avance de tu grupo.';
export const CODE_NOT_FOUND = 'No encontramos ningún aula con ese código. Revisa que esté bien escrito.';
export const TOO_MANY_CODES = 'Has probado demasiados códigos de aula en la última hora. Espera un rato y vuelve a intentarlo.';
export const OWN_AULA = 'Eres el profesor de esta aula: no puedes unirte a ella como miembro.';
export const ALREADY_MEMBER = 'Ya eres miembro de esta aula.';
export const COURSE_NOT_YOURS = 'No encontramos ese curso entre los tuyos.';
export const DIPLOMADO_NOT_YOURS = 'No encontramos ese diplomado entre los tuyos.';
export const aulaFull = (max: number) => `El aula está completa: ya tiene ${max} miembros, el máximo. Pide a tu profesor que libere un lugar.`;
export const aulaLimit = (max: number) => `Ya tienes ${max} aulas, el máximo de tu plan premium. Borra alguna para crear otra.`;
export const tooManyCourses = (max: number) => `Un aula admite hasta ${max} cursos asignados en tu plan premium.`;
export const courseNotReady = (titulo: string) => `El curso «${titulo}» aún no está listo: asígnalo cuando termine de generarse.`;
export const assignmentOverflow = (max: number) =>
  `Mientras guardabas se añadió otro curso a esta aula (desde tu plataforma o en otra pestaña) y la lista pasaría de ${max} cursos, el máximo. Revisa los cursos y vuelve a guardar.`;
export const ASSIGNMENT_BUSY = 'Los cursos de esta aula están cambiando ahora mismo desde otro lugar. Espera un momento y vuelve a guardar.';
