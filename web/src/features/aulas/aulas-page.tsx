import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { INVITE_ALPHABET } from '../../../../lambdas/contract/aulas';
import { Button } from '../../components/button';
import { useAuth } from '../../app/providers/auth-provider';
import { MemberAulas } from './member-aulas';
import { TeacherAulas } from './teacher-aulas';

const CODE = new RegExp(`^[${INVITE_ALPHABET}]{8}$`);

/** "Mis aulas" (issue 25): the aulas I teach (premium) and the ones I am in, and a code to join one. */
export default function AulasPage() {
  const { user } = useAuth();
  const premium = user?.plan?.nombre === 'premium';
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Mis aulas</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Un aula reúne a un profesor y a su grupo: el profesor asigna cursos y ve el avance de cada miembro en ellos, y nada más.
      </p>
      <JoinByCode />
      <MemberAulas />
      <TeacherAulas premium={premium} />
      {/* Issue 45: a school's LMS courses get their aula through an LTI registration (docs/lti.md). */}
      <p className="mt-6 rounded-2xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200 sm:p-6">
        ¿Tu escuela usa Moodle o Canvas? <Link to="/lti/plataformas" className="font-semibold text-indigo-700 hover:underline">Conecta Mentora con tu plataforma (LMS)</Link>: cada curso de la plataforma tendrá su aula y las notas volverán a su libro de calificaciones.
      </p>
    </div>
  );
}

function JoinByCode() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    const clean = code.replace(/[\s-]/g, '').toUpperCase();
    if (!CODE.test(clean)) return setError('El código de invitación no es válido: son 8 letras y números.');
    void navigate(`/aulas/unirse/${clean}`);
  }
  return (
    <form onSubmit={submit} noValidate className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <label htmlFor="codigo-aula" className="block font-semibold text-slate-900">¿Tienes un código de invitación?</label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id="codigo-aula" value={code} onChange={(e) => { setCode(e.target.value); setError(''); }} autoComplete="off" spellCheck={false}
          aria-invalid={Boolean(error)} aria-describedby={error ? 'codigo-aula-error' : undefined} placeholder="Por ejemplo, K7MP3QXA"
          className="w-full rounded-lg border border-slate-300 px-3 py-2.5 font-mono uppercase tracking-widest sm:max-w-xs"
        />
        <Button type="submit" variant="secondary">Ver la invitación</Button>
      </div>
      {error && <p id="codigo-aula-error" className="mt-2 text-sm text-red-700">{error}</p>}
    </form>
  );
}
