import { Link } from 'react-router-dom';
import { InfoPage } from './info-page';

// Centro de Ayuda: the questions learners and teachers ask first, each answered in a few lines with a
// link to where it is done. Native <details>: keyboard and screen readers work without script.

const QUESTIONS: { group: string; items: { q: string; a: React.ReactNode }[] }[] = [
  {
    group: 'Empezar',
    items: [
      { q: '¿Cómo creo un curso?', a: <>En <Link to="/generar">Crear un curso</Link> escribe el tema y tu nivel. Mentora escribe primero el temario y después las lecciones y las evaluaciones de cada módulo; puedes empezar a leer en cuanto está la primera lección.</> },
      { q: '¿Puedo crear un curso con mis propios apuntes?', a: <>Sí. Sube tus documentos (PDF, Word o texto) en <Link to="/materiales">Materiales</Link> y elígelos al crear el curso: las lecciones se basan en ellos y citan el pasaje de donde sale cada idea.</> },
      { q: '¿Qué es el «Modo demostración»?', a: 'Es contenido de ejemplo que no ha escrito un modelo de IA. Lo verás cuando Mentora funciona sin conexión a un modelo, por ejemplo en una instalación de prueba. La etiqueta lo dice siempre.' },
    ],
  },
  {
    group: 'Aprender',
    items: [
      { q: '¿Cómo se aprueba un módulo?', a: 'Con la evaluación del módulo. Cada intento tiene preguntas nuevas y se aprueba con el porcentaje que se indica antes de empezar. Si no apruebas, verás qué preguntas fallaste y qué sección de la lección repasar, pero no la respuesta correcta, para que el siguiente intento mida lo que sabes.' },
      { q: '¿Por qué tengo un límite de intentos al día?', a: 'Porque aprobar es una credencial pública: el límite impide aprobar probando al azar y te da tiempo para repasar entre intentos.' },
      { q: '¿Qué es el repaso?', a: <>Las preguntas que fallaste vuelven en <Link to="/repaso">Repaso</Link> justo cuando estás a punto de olvidarlas (repetición espaciada). Unos minutos al día bastan.</> },
      { q: '¿Qué puede hacer el tutor?', a: 'Responde tus dudas con el contenido de tu curso y te ayuda a razonar con preguntas y pistas en lugar de darte la solución hecha, porque así se aprende más. También puede leer sus respuestas en voz alta.' },
      { q: '¿Puedo escuchar las lecciones?', a: <>Sí: pulsa «Escuchar lección». Eliges la voz en tu <Link to="/profile">Perfil</Link>. Tu plan incluye unos minutos de narración al mes.</> },
    ],
  },
  {
    group: 'Certificados y aulas',
    items: [
      { q: '¿Cómo consigo el certificado?', a: 'Al aprobar todos los módulos de un curso. Cada certificado tiene una dirección pública para que cualquiera compruebe que es auténtico.' },
      { q: 'Soy docente: ¿cómo uso Mentora con mi grupo?', a: <>Crea un aula en <Link to="/aulas">Aulas</Link>, asígnale cursos y comparte el enlace de invitación. Verás el progreso de cada miembro y qué preguntas cuestan más al grupo.</> },
    ],
  },
  {
    group: 'Plan, cuenta y datos',
    items: [
      { q: '¿Qué incluye cada plan?', a: <>Los límites de cada plan (cursos, mensajes al tutor, minutos de narración) están en <Link to="/changeplan">Precios</Link>. Puedes cancelar Premium cuando quieras y conservarás las ventajas hasta el final del periodo pagado.</> },
      { q: '¿Cómo descargo o borro mis datos?', a: <>En tu <Link to="/profile">Perfil</Link>, «Tus datos»: «Descargar mis datos» te da un archivo con todo lo tuyo y «Eliminar cuenta» lo borra todo. Más detalles en <Link to="/privacidad">Privacidad</Link>.</> },
      { q: 'No me llega el código de confirmación', a: 'Revisa la carpeta de spam y pide otro código desde la misma pantalla. Si sigue sin llegar, escríbenos.' },
    ],
  },
];

export default function HelpPage() {
  return (
    <InfoPage title="Centro de Ayuda" lead="Respuestas rápidas a lo que más nos preguntan. Si no encuentras la tuya, escríbenos.">
      {QUESTIONS.map((g) => (
        <section key={g.group} aria-labelledby={`ayuda-${g.group}`}>
          <h2 id={`ayuda-${g.group}`}>{g.group}</h2>
          <div className="mt-3 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
            {g.items.map((i) => (
              <details key={i.q} className="group px-4 py-3">
                <summary className="cursor-pointer font-medium text-slate-900 marker:text-indigo-600">{i.q}</summary>
                <p className="mt-2 text-slate-700">{i.a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
      <p className="rounded-xl bg-indigo-50 p-4 text-indigo-950">
        ¿Sigues con dudas? <Link to="/contacto">Escríbenos</Link> y te responderemos en tu correo.
      </p>
    </InfoPage>
  );
}
