import { MATERIAL_FILE_NAME_MAX, MATERIAL_FILE_TYPES, type MaterialFile, type MaterialFileType } from '../../../../lambdas/contract/materials';

// A file is checked in the browser before anything is asked of the server: its type by extension
// (browsers give .md files no type, or text/x-markdown, and .docx files sometimes none) and its size
// against the plan's allowance. The server and S3's policy check both again.

const BY_EXTENSION: Record<string, MaterialFileType> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** What the file input offers: the extensions and their types. */
export const ACCEPT = [...Object.keys(BY_EXTENSION).map((e) => `.${e}`), ...MATERIAL_FILE_TYPES].join(',');

export function fileType(name: string): MaterialFileType | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return ext ? BY_EXTENSION[ext] : undefined;
}

/** "5 MB", "1,5 MB", "800 KB": sizes as a learner reads them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-ES')} KB`;
}

export type FileCheck = { ok: true; archivo: MaterialFile } | { ok: false; message: string };

/** The file as POST /materials takes it, or why it cannot go (Spanish, with what to do). */
export function checkFile(file: { name: string; size: number }, maxBytes: number | undefined): FileCheck {
  const tipo = fileType(file.name);
  if (!tipo) return { ok: false, message: 'Ese tipo de archivo no se admite: sube un PDF, un .txt, un .md o un .docx.' };
  if (file.size === 0) return { ok: false, message: 'El archivo está vacío.' };
  if (maxBytes !== undefined && file.size > maxBytes) {
    return { ok: false, message: `El archivo pesa ${formatBytes(file.size)} y tu plan admite hasta ${formatBytes(maxBytes)} por archivo.` };
  }
  return { ok: true, archivo: { nombre: file.name.slice(0, MATERIAL_FILE_NAME_MAX), tipo, bytes: file.size } };
}
