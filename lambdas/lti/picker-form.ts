import { ltiPicks, type LtiPicks } from '../contract';
import { badRequest } from '../shared/errors';
import { PICKER } from './messages';

// The picker's form post (POST /lti/seleccion): its ticket and the teacher's picks, a JSON list in one field.
// A form, not a JSON call, because its answer is a page the browser shows (return-page.ts). The same course or
// module picked twice is one item.

/** `prueba`: a picker inside the LMS's iframe proves its browser in the body (picker.ts), not by a cookie. */
export interface PickerChoice { ticket: string; picks: LtiPicks; prueba?: string }

const TICKET = /^[\w-]{43}$/;

export function pickerChoice(form: Record<string, string>): PickerChoice {
  const ticket = form.ticket ?? '';
  if (!TICKET.test(ticket)) throw badRequest(PICKER.ticketUnknown);
  let raw: unknown;
  try {
    raw = JSON.parse(form.elementos ?? '[]');
  } catch {
    throw badRequest(PICKER.badChoice);
  }
  const parsed = ltiPicks.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? PICKER.badChoice);
  const seen = new Set<string>();
  const picks = parsed.data.filter((p) => {
    const key = `${p.courseId}/${p.moduleId ?? ''}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
  const prueba = form.prueba && TICKET.test(form.prueba) ? form.prueba : undefined;
  return { ticket, picks, ...(prueba && { prueba }) };
}
