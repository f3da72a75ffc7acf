import type { CertificateItem, CertificatePointer } from '../../../lambdas/certificates/certificate-items';
import type { CertificateStore } from '../../../lambdas/certificates/certificate-store';
import type { CourseRecord, DiplomadoRecord } from '../../../lambdas/certificates/completion';
import type { CompletionSource } from '../../../lambdas/certificates/completion-source';

/** The store's contract in memory: the pointer key is unique, as its attribute_not_exists makes it. */
export function memoryCertificates() {
  const items = new Map<string, CertificateItem>();
  const pointers = new Map<string, CertificatePointer & { userId: string }>();
  const store: CertificateStore = {
    get: async (id) => items.get(id),
    pointer: async (userId, tipo, sourceId) => pointers.get(`${userId}/${tipo}/${sourceId}`),
    list: async (userId) => [...pointers.values()].filter((p) => p.userId === userId),
    issue: async (item, pointer) => {
      const key = `${item.userId}/${item.tipo}/${item.sourceId}`;
      if (pointers.has(key)) return false;
      pointers.set(key, { ...pointer, userId: item.userId });
      items.set(item.certificateId, item);
      return true;
    },
    revoke: async (id, at) => {
      const c = items.get(id);
      if (c) items.set(id, { ...c, estado: 'revocado', revocadoEn: at, nombre: undefined });
    },
  };
  return { store, items };
}

/** A 2 × 2 course: `done` lessons completed and `passed` modules with a passing score. */
export function course(courseId: string, done: string[], passed: Record<string, number>, estado = 'listo'): CourseRecord {
  return {
    courseId, titulo: `Curso ${courseId}`, nivel: 'principiante', estado,
    modulos: [{ moduleId: 'm01', titulo: 'Primero', lessonIds: ['l01', 'l02'] }, { moduleId: 'm02', titulo: 'Segundo', lessonIds: ['l01', 'l02'] }],
    completed: new Set(done), passed: new Map(Object.entries(passed)),
  };
}
export const ALL_LESSONS = ['m01/l01', 'm01/l02', 'm02/l01', 'm02/l02'];

export function memorySource(courses: CourseRecord[], diplomados: DiplomadoRecord[] = []): CompletionSource {
  return {
    course: async (_userId, id) => courses.find((c) => c.courseId === id),
    learnerName: async () => 'Lucía Pérez',
    diplomados: async () => diplomados,
  };
}
