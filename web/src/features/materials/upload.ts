import type { MaterialUpload } from '../../../../lambdas/contract/materials';

// The file goes from the browser straight to S3 (docs/materials.md): a multipart/form-data POST to
// the presigned form's address with every field S3 signed, then the file last (S3 ignores fields
// after `file`). Not through the API client: that would add the learner's bearer token, which S3
// must never see. XMLHttpRequest because fetch reports no upload progress.

export class UploadFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadFailed';
  }
}

/** Whether S3 refused the file (the policy: size or type) or the network failed, in Spanish. */
function refusal(status: number): string {
  if (status === 400 || status === 403) return 'El almacenamiento rechazó el archivo (tamaño o tipo no permitidos, o el enlace de subida caducó). Vuelve a intentarlo.';
  return 'No pudimos subir el archivo. Revisa tu conexión y vuelve a intentarlo.';
}

export function uploadFile(subida: MaterialUpload, file: Blob, onProgress: (share: number) => void): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(subida.campos)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', subida.url);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadFailed(refusal(xhr.status))));
    xhr.onerror = () => reject(new UploadFailed(refusal(0)));
    xhr.send(form);
  });
}
