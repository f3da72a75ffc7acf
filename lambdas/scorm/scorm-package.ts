import { strToU8, zipSync, type Zippable } from 'fflate';
import { PASS_MARK } from '../contract';
import type { CourseItem, LessonItem } from '../course-model';
import { manifestXml, type ManifestModule } from './manifest';
import { reviewQuestions, type ReviewModule } from './review-questions';
import { CSS_PATH, evaluationPage, lessonPage, SCO_CSS, SCRIPT_PATH } from './sco-pages';
import { SCO_SCRIPT } from './sco-script';

// Builds a course's SCORM 1.2 package in memory: the pages (sco-pages.ts), the manifest (manifest.ts)
// and the zip (fflate). Only course content goes in: titles, descriptions, lesson text and the review
// questions drawn from it; nothing of the learner (no name, e-mail, progress, answers) and nothing of
// the certificate bank (EvaluationItem is not even read here).

export interface BuiltPackage {
  zip: Uint8Array;
  files: Record<string, string>;
  lecciones: number;
  evaluaciones: number;
}

const lessonHref = (m: number, l: number) => `lecciones/m${m + 1}-l${l + 1}.html`;
const evaluationHref = (m: number) => `evaluaciones/m${m + 1}.html`;

/** `lessons` are the course's lesson items; a lesson without text (none in a `listo` course) is left out. */
export function buildPackage(course: CourseItem, lessons: LessonItem[], now: Date, pick?: (n: number) => number): BuiltPackage {
  const text = new Map(lessons.filter((l) => l.contenido).map((l) => [`${l.moduleId}/${l.lessonId}`, l.contenido!]));
  const modules = course.modulos.map((m) => ({ ...m, lecciones: m.lecciones.filter((l) => text.has(`${m.moduleId}/${l.lessonId}`)) }));
  const review: ReviewModule[] = modules.map((m) => ({
    titulo: m.titulo,
    terminos: m.plan?.terminosClave ?? [],
    lecciones: m.lecciones.map((l) => ({ titulo: l.titulo, contenido: text.get(`${m.moduleId}/${l.lessonId}`)! })),
  }));
  const files: Record<string, string> = { [CSS_PATH]: SCO_CSS, [SCRIPT_PATH]: SCO_SCRIPT };
  const manifest: ManifestModule[] = [];
  let lecciones = 0;
  let evaluaciones = 0;
  modules.forEach((m, mi) => {
    const entry: ManifestModule = { id: `MOD-${mi + 1}`, titulo: m.titulo, scos: [] };
    m.lecciones.forEach((l, li) => {
      const href = lessonHref(mi, li);
      files[href] = lessonPage({ curso: course.titulo, modulo: m.titulo, titulo: l.titulo }, text.get(`${m.moduleId}/${l.lessonId}`)!);
      entry.scos.push({ id: `M${mi + 1}-L${li + 1}`, titulo: l.titulo, href });
      lecciones++;
    });
    const questions = reviewQuestions(review, mi, pick);
    if (questions.length) {
      const titulo = `Evaluación de repaso: ${m.titulo}`;
      files[evaluationHref(mi)] = evaluationPage({ curso: course.titulo, modulo: m.titulo, titulo }, questions, PASS_MARK);
      entry.scos.push({ id: `M${mi + 1}-EV`, titulo, href: evaluationHref(mi), masteryScore: PASS_MARK });
      evaluaciones++;
    }
    manifest.push(entry);
  });
  files['imsmanifest.xml'] = manifestXml(course.courseId, course.titulo, manifest, [CSS_PATH, SCRIPT_PATH]);
  const zippable: Zippable = Object.fromEntries(Object.entries(files).map(([path, body]) => [path, [strToU8(body), { mtime: now }]]));
  return { zip: zipSync(zippable, { level: 9 }), files, lecciones, evaluaciones };
}

/** `Curso de Python: datos` → `curso-de-python-datos-scorm12.zip`. */
export const packageFileName = (titulo: string) =>
  `${
    titulo
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'curso'
  }-scorm12.zip`;
