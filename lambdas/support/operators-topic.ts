import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { CONTACT_REASONS, type ContactReason } from '../contract';
import type { ContactMessage } from './contact-store';

// The operators read contact messages in their mail: an SNS topic with their address subscribed
// (infra/aws/support.ts; locally the SNS stand-in puts them in the mailbox). SNS's email carries text.

export interface OperatorsTopic {
  publish(message: ContactMessage): Promise<void>;
}

/** The subject line SNS mails (at most 100 characters, no line breaks). */
export const subjectOf = (m: ContactMessage) =>
  `[Mentora] ${CONTACT_REASONS[m.motivo as ContactReason] ?? m.motivo}: ${m.nombre}`.replace(/\s+/g, ' ').slice(0, 100);

export function bodyOf(m: ContactMessage): string {
  return [
    `De: ${m.nombre} <${m.email}>`,
    `Motivo: ${CONTACT_REASONS[m.motivo as ContactReason] ?? m.motivo}`,
    `Cuenta: ${m.userId ?? 'sin iniciar sesión'}`,
    `Fecha: ${m.fecha} · Referencia: ${m.id}`,
    '',
    m.mensaje,
  ].join('\n');
}

let sns: SNSClient | undefined;
export function snsOperatorsTopic(topicArn: string): OperatorsTopic {
  return {
    publish: async (m) => {
      sns ??= new SNSClient({});
      await sns.send(new PublishCommand({ TopicArn: topicArn, Subject: subjectOf(m), Message: bodyOf(m) }));
    },
  };
}
