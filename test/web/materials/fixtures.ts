import type { MaterialView } from '../../../lambdas/contract/materials';
import { aPlanSummary, PLAN_ALLOWANCES } from '../courses/fixtures';

// Materials as the API answers them (lambdas/contract/materials.ts), and a browser's upload to S3.

export const IDS = ['6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b', '7a2d3c4b-5e6f-4a71-9b8c-0d1e2f3a4b5c', '8b3e4d5c-6f7a-4b82-8c9d-1e2f3a4b5c6d'];

export function aMaterial(over: Partial<MaterialView> = {}): MaterialView {
  return {
    materialId: IDS[0], titulo: 'Apuntes de Biología', origen: 'texto', estado: 'listo',
    caracteres: 4200, paginas: 3, pasajes: 7, creadoEn: '2026-11-20T10:00:00.000Z', ...over,
  };
}

/** GET /payments/plan for a free learner whose plan allows `bytes` per file. */
export function planWithMaterials(bytes = 5 * 1024 * 1024) {
  return {
    ...aPlanSummary(),
    planes: [{
      nombre: 'gratuito', cursosPorMes: 3, mensajesTutorPorDia: 20, diplomado: false, porDia: PLAN_ALLOWANCES.gratuito,
      materiales: { maximo: 5, caracteres: 20_000, bytes, paginas: 50 }, precios: [],
    }],
  };
}

export interface SentForm {
  url: string;
  fields: [string, FormDataEntryValue][];
}

/**
 * XMLHttpRequest as the upload uses it: records each form posted, reports half the bytes sent, then
 * answers `status` (S3 answers 204 to a good form, 403 when its policy refuses).
 */
export function fakeS3(status = 204) {
  const sent: SentForm[] = [];
  const original = globalThis.XMLHttpRequest;
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }

    send(form: FormData) {
      sent.push({ url: this.url, fields: [...form.entries()] });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = status;
        this.onload?.();
      }, 5);
    }
  }
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return { sent, restore: () => { globalThis.XMLHttpRequest = original; } };
}
