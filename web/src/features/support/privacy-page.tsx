import { Link } from 'react-router-dom';
import { InfoPage } from './info-page';

// Privacidad (issue 34 item 10): what Mentora keeps of each kind of data, why, who processes it, for how
// long, and how the learner exports or deletes it. Every statement here is what the code does
// (docs/data-model.md, docs/materials.md, docs/narration.md, docs/payments.md, docs/tutor.md).

export default function PrivacyPage() {
  return (
    <InfoPage title="Privacidad" lead="Qué datos guarda Mentora, para qué, quién los trata y cómo descargarlos o borrarlos." updated="27 de noviembre de 2026">
      <section>
        <h2>Quién es responsable</h2>
        <p>Mentora es responsable de los datos que tratamos para darte el servicio. Para cualquier pregunta sobre tus datos, <Link to="/contacto">escríbenos</Link> eligiendo «Mis datos y mi privacidad».</p>
      </section>
      <section>
        <h2>Qué guardamos y para qué</h2>
        <ul>
          <li><strong>Tu cuenta</strong>: nombre, correo y contraseña (cifrada por el servicio de identidad; nunca la vemos). Si entras con Google o Microsoft, recibimos tu nombre y tu correo de ellos. Sirve para que entres y para escribirte sobre tu cuenta.</li>
          <li><strong>Tus cursos y tu progreso</strong>: los temas que pides, los cursos escritos para ti, las lecciones completadas, tus respuestas a las evaluaciones, tus tarjetas de repaso y tus certificados. Sirven para enseñarte y para mostrar tu progreso. Un certificado es público solo en su dirección, que tú decides compartir; puedes revocarlo.</li>
          <li><strong>Tus documentos</strong>: los archivos que subes se guardan en un almacenamiento privado, solo tú puedes abrirlos, y su texto se usa únicamente para escribir tus cursos y responder al tutor en tus cursos. Si compartes un curso o lo usas en un aula, nunca se muestran tu documento ni su nombre.</li>
          <li><strong>Tus conversaciones con el tutor</strong>: se guardan en tu cuenta para que el tutor recuerde el hilo de cada curso.</li>
          <li><strong>Voz y narración</strong>: el audio de las lecciones narradas se genera para ti y se borra a los 30 días. El dictado al tutor lo hace tu navegador: tu voz va a su servicio de reconocimiento (en Chrome, el de Google), no a Mentora; solo recibimos el texto que envías.</li>
          <li><strong>Pagos</strong>: los datos de tu tarjeta los recibe y guarda Stripe, nunca Mentora. Nosotros guardamos tu plan, tus facturas y, si los das, tus datos de facturación.</li>
          <li><strong>Comunidad</strong>: tu perfil solo aparece a otros si eliges hacerlo visible, y entonces muestra tu nombre, tus intereses y los temas de tus cursos.</li>
          <li><strong>Mensajes de contacto</strong>: tu nombre, tu correo y tu mensaje, para responderte. Se borran a los 180 días.</li>
        </ul>
      </section>
      <section>
        <h2>Quién trata tus datos por nosotros</h2>
        <ul>
          <li><strong>Amazon Web Services (AWS)</strong>: aloja Mentora y sus datos (base de datos, archivos, identidad). Los modelos de IA que escriben tus cursos y responden al tutor funcionan en Amazon Bedrock, que no usa tus textos para entrenar modelos. Amazon Polly convierte las lecciones en voz.</li>
          <li><strong>Stripe</strong>: cobra las suscripciones Premium y guarda los datos de pago.</li>
          <li><strong>Tu navegador</strong>: si usas el dictado, su servicio de reconocimiento de voz (por ejemplo, el de Google en Chrome).</li>
          <li><strong>Google y Microsoft</strong>: solo si eliges entrar con ellos.</li>
        </ul>
        <p>No vendemos tus datos ni los usamos para publicidad.</p>
      </section>
      <section>
        <h2>Cuánto tiempo</h2>
        <p>Mientras tengas la cuenta. Al eliminarla borramos tu perfil, tus cursos, tu progreso, tus documentos y sus audios, tus conversaciones y tu acceso; cancelamos tu suscripción en Stripe. Las facturas que la ley obliga a conservar las guarda Stripe durante el plazo legal.</p>
      </section>
      <section>
        <h2>Tus derechos</h2>
        <p>En tu <Link to="/profile">Perfil</Link>, en «Tus datos», puedes <strong>descargar todos tus datos</strong> en un archivo y <strong>eliminar tu cuenta</strong> en cualquier momento, sin escribirnos. Para corregir algo, oponerte a un uso o cualquier otra petición, <Link to="/contacto">contáctanos</Link>; también puedes reclamar ante la autoridad de protección de datos de tu país.</p>
      </section>
    </InfoPage>
  );
}
