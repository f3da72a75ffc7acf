import type { LtiGradeNotice } from '../../../../lambdas/contract/lti';
import { Button } from '../../components/button';

// Issue 45 item 4: a learner's first launch into an LMS course's aula says, before they study, which platform
// receives their grade and what their teacher sees, as the aula's join screen says it for an invitation.
// Shown once: later launches go straight in (the server sends it only with the launch that made them a member).

export function GradeNotice({ aviso, onContinue }: { aviso: LtiGradeNotice; onContinue: () => void }) {
  const named = aviso.plataforma === aviso.host ? aviso.host : `${aviso.plataforma} (${aviso.host})`;
  return (
    <section aria-labelledby="lti-notas" className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="lti-notas" className="text-xl font-semibold text-slate-900">Antes de empezar: quién ve tu nota</h2>
      <p className="mt-2 text-slate-700">
        Entraste desde <strong>{named}</strong>. Mentora envía a su libro de calificaciones, con tu usuario de esa plataforma:
      </p>
      <ul className="mt-2 list-disc pl-5 text-slate-800">{aviso.recibe.map((s) => <li key={s}>{s}</li>)}</ul>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl bg-indigo-50 p-4">
          <h3 className="font-semibold text-indigo-950">Lo que verá tu profesor en Mentora</h3>
          <ul className="mt-2 list-disc pl-5 text-sm text-indigo-950">{aviso.profesorVe.map((s) => <li key={s}>{s}</li>)}</ul>
        </div>
        <div className="rounded-xl bg-slate-100 p-4">
          <h3 className="font-semibold text-slate-900">Lo que no verá</h3>
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-800">{aviso.profesorNoVe.map((s) => <li key={s}>{s}</li>)}</ul>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-700">Te lo decimos solo esta vez. Si tienes dudas, pregúntale a tu profesor antes de empezar.</p>
      <div className="mt-4">
        <Button type="button" onClick={onContinue}>Entendido, empezar</Button>
      </div>
    </section>
  );
}
