import type { CertificateKind, CertificateLine, CertificateState } from '../contract';
import { userPk } from '../shared/table';

// Two items per certificate:
// - the public one, (CERTIFICATE#<id>, CERTIFICATE): what the verification page and the PDF read,
//   reachable by its unguessable id alone (a UUID), outside any learner's partition;
// - the owner's pointer, (USER#<sub>, CERTIFICATE#<tipo>#<sourceId>): one per course or diplomado,
//   written with attribute_not_exists in the same transaction, so a course is certified once
//   however many requests complete it at the same time; a Query on the prefix lists them.

export interface CertificateItem {
  certificateId: string;
  userId: string;
  tipo: CertificateKind;
  sourceId: string;
  /** The learner's name at the time of issue; removed on revocation (account deleted). */
  nombre?: string;
  titulo: string;
  nivel?: string;
  fecha: string;
  lineas: CertificateLine[];
  estado: CertificateState;
  revocadoEn?: string;
}

export interface CertificatePointer {
  certificateId: string;
  tipo: CertificateKind;
  sourceId: string;
  titulo: string;
  fecha: string;
  /** Average of the lines' scores: a diplomado's line for this course. */
  promedio: number;
}

export const certificateKey = (certificateId: string) => ({ pk: `CERTIFICATE#${certificateId}`, sk: 'CERTIFICATE' });
export const POINTER_PREFIX = 'CERTIFICATE#';
export const pointerKey = (userId: string, tipo: CertificateKind, sourceId: string) => ({ pk: userPk(userId), sk: `${POINTER_PREFIX}${tipo}#${sourceId}` });
