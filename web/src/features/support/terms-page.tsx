import { Link } from 'react-router-dom';
import { InfoPage } from './info-page';

// Términos (issue 34 item 10): the rules of use in plain Spanish, consistent with what the product does.

export default function TermsPage() {
  return (
    <InfoPage title="Términos de uso" lead="Las reglas para usar Mentora, explicadas sin letra pequeña." updated="27 de noviembre de 2026">
      <section>
        <h2>El servicio</h2>
        <p>Mentora escribe cursos personalizados con inteligencia artificial, te evalúa, te ayuda a repasar y te acompaña con un tutor. La IA puede equivocarse: contrasta lo importante, sobre todo en salud, dinero o derecho, y avísanos con «Reportar» si ves un error.</p>
      </section>
      <section>
        <h2>Tu cuenta</h2>
        <ul>
          <li>Una cuenta es de una persona. Cuida tu contraseña; puedes cerrar todas tus sesiones cambiándola.</li>
          <li>Lo que escribes y subes sigue siendo tuyo. Nos das permiso para usarlo solo para prestarte el servicio.</li>
          <li>Sube solo documentos que tengas derecho a usar.</li>
        </ul>
      </section>
      <section>
        <h2>Evaluaciones y certificados</h2>
        <p>Un certificado dice que su titular aprobó las evaluaciones de un curso. Hacer trampas (usar varias cuentas, compartir respuestas o automatizar intentos) está prohibido; los certificados obtenidos así pueden revocarse.</p>
      </section>
      <section>
        <h2>Planes y pagos</h2>
        <ul>
          <li>El plan gratuito tiene los límites que ves en <Link to="/changeplan">Precios</Link>. Premium los amplía mientras esté activo.</li>
          <li>Premium se renueva en cada periodo hasta que lo canceles. Al cancelar conservas Premium hasta el final del periodo pagado; no hay permanencia.</li>
          <li>Los pagos los procesa Stripe.</li>
        </ul>
      </section>
      <section>
        <h2>Uso aceptable</h2>
        <p>No uses Mentora para dañar a otras personas, para enviar contenido ilegal o para intentar que el tutor o los cursos hagan algo distinto de enseñar. Podemos suspender las cuentas que lo hagan.</p>
      </section>
      <section>
        <h2>Cambios y contacto</h2>
        <p>Si cambiamos estos términos te lo diremos antes de que se apliquen. Tus datos se tratan como explica <Link to="/privacidad">Privacidad</Link>. Para cualquier duda, <Link to="/contacto">escríbenos</Link>.</p>
      </section>
    </InfoPage>
  );
}
