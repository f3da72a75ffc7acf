import { unzipSync, strFromU8 } from 'fflate';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CourseItem, LessonItem } from '../../../lambdas/course-model';
import { buildPackage, packageFileName } from '../../../lambdas/scorm/scorm-package';
import { plainSentences, reviewQuestions, type ReviewModule } from '../../../lambdas/scorm/review-questions';

// The package as an LMS reads it (issue 25, docs/scorm.md): a well-formed imsmanifest.xml whose
// identifiers are unique and whose every href is a file of the zip; one SCO per lesson and per
// evaluation; Spanish pages; nothing of the learner inside.

const lessonText = (tema: string, n: number) => `## ${tema} ${n}

La **variable** guarda un valor que el programa usa más adelante en ${tema}.
Una **función** agrupa instrucciones que se repiten con distintos datos de entrada.
El **bucle** repite un bloque mientras se cumple una condición concreta del programa.
Una **lista** ordena varios valores bajo un mismo nombre para recorrerlos después.

#### Respuestas

La respuesta correcta del autoexamen es la segunda opción, sin ninguna duda posible.`;

const course = {
  courseId: '5f0c2a9e-1b7d-4c3e-9a51-0d2f6b8e4c11',
  userId: 'secreto-del-propietario',
  titulo: 'Programación en Python: primeros pasos',
  estado: 'listo',
  modulos: [1, 2].map((m) => ({
    moduleId: `m0${m}`,
    titulo: `Módulo ${m}`,
    descripcion: '',
    plan: { objetivos: [], terminosClave: ['variable', 'función', 'bucle', 'lista'], conceptosErroneos: [], ejemploConductor: '' },
    lecciones: [1, 2].map((l) => ({ lessonId: `l0${l}`, titulo: `Lección ${m}.${l} <b>`, resumen: '' })),
  })),
} as unknown as CourseItem;
const lessons: LessonItem[] = course.modulos.flatMap((m) => m.lecciones.map((l) => ({ courseId: course.courseId, moduleId: m.moduleId, lessonId: l.lessonId, contenido: lessonText('Python', Number(l.lessonId.slice(1))) })));

const built = buildPackage(course, lessons, new Date('2026-01-05T10:00:00Z'));
const files = unzipSync(built.zip);
const text = (path: string) => strFromU8(files[path]);

describe('the SCORM 1.2 package', () => {
  const manifest = text('imsmanifest.xml');
  const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false, attributeNamePrefix: '@', isArray: (name) => ['item', 'resource', 'file', 'dependency'].includes(name) }).parse(manifest);

  it('has a well-formed manifest with the SCORM 1.2 schema and ADL namespace', () => {
    expect(XMLValidator.validate(manifest)).toBe(true);
    expect(parsed.manifest['@xmlns:adlcp']).toBe('http://www.adlnet.org/xsd/adlcp_rootv1p2');
    expect(parsed.manifest.metadata).toEqual({ schema: 'ADL SCORM', schemaversion: '1.2' });
  });

  it('has unique identifiers, and every resource and file href is in the zip', () => {
    const ids = [...manifest.matchAll(/identifier="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const resources = parsed.manifest.resources.resource as { '@identifier': string; '@href'?: string; file: { '@href': string }[] }[];
    for (const r of resources) {
      if (r['@href']) expect(files[r['@href']]).toBeDefined();
      for (const f of r.file) expect(files[f['@href']]).toBeDefined();
    }
    const refs = [...manifest.matchAll(/identifierref="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.every((ref) => resources.some((r) => r['@identifier'] === ref))).toBe(true);
  });

  it('has one SCO item per lesson and one per evaluation, each evaluation with its mastery score', () => {
    const scos = (parsed.manifest.resources.resource as Record<string, string>[]).filter((r) => r['@adlcp:scormtype'] === 'sco');
    expect(scos).toHaveLength(4 + 2);
    expect(built).toMatchObject({ lecciones: 4, evaluaciones: 2 });
    const modules = parsed.manifest.organizations.organization.item as { item: { title: string; 'adlcp:masteryscore'?: string }[] }[];
    expect(modules.map((m) => m.item.length)).toEqual([3, 3]);
    expect(modules[0].item[2]).toMatchObject({ title: 'Evaluación de repaso: Módulo 1', 'adlcp:masteryscore': '85' });
    expect(Object.keys(files).sort()).toEqual(
      ['evaluaciones/m1.html', 'evaluaciones/m2.html', 'imsmanifest.xml', 'lecciones/m1-l1.html', 'lecciones/m1-l2.html', 'lecciones/m2-l1.html', 'lecciones/m2-l2.html', 'recursos/mentora.css', 'recursos/scorm12.js'],
    );
  });

  it('writes Spanish pages that escape the course text', () => {
    const page = text('lecciones/m1-l1.html');
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('Lección 1.1 &lt;b&gt;');
    expect(page).toContain('<strong>variable</strong>');
    expect(page).toContain('He terminado esta lección');
    expect(text('evaluaciones/m1.html')).toContain('Comprobar respuestas');
  });

  it('carries nothing of the learner: no owner id in any file', () => {
    for (const path of Object.keys(files)) expect(text(path)).not.toContain('secreto-del-propietario');
  });

  it('names the file after the course', () => {
    expect(packageFileName(course.titulo)).toBe('programacion-en-python-primeros-pasos-scorm12.zip');
    expect(packageFileName('¿?')).toBe('curso-scorm12.zip');
  });
});

describe('review questions (code-built from the lessons, no model)', () => {
  const modules: ReviewModule[] = course.modulos.map((m) => ({ titulo: m.titulo, terminos: m.plan!.terminosClave, lecciones: m.lecciones.map((l) => ({ titulo: l.titulo, contenido: lessonText('Python', 1) })) }));

  it('blanks a key term of a lesson sentence and offers it among three other terms', () => {
    const questions = reviewQuestions(modules, 0, () => 2);
    expect(questions.length).toBeGreaterThanOrEqual(4);
    for (const q of questions) {
      expect(q.frase).toContain('_____');
      expect(new Set(q.opciones).size).toBe(4);
      expect(q.correcta).toBe(2);
      const sentence = q.frase.replace('_____', q.opciones[q.correcta]);
      expect(plainSentences(lessonText('Python', 1))).toContain(sentence);
    }
  });

  it('never asks the folded self-check answers', () => {
    expect(plainSentences(lessonText('Python', 1)).join(' ')).not.toContain('autoexamen');
  });

  it('draws the right option’s place at random (crypto) by default', () => {
    const places = new Set(Array.from({ length: 20 }, () => reviewQuestions(modules, 0).map((q) => q.correcta)).flat());
    expect(places.size).toBeGreaterThan(1);
  });
});
