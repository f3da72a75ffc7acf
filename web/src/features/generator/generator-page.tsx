import { ComingSoon } from '../../components/coming-soon';

// Placeholder until its issue lands: keeps the route, the layout and the title in place.
export default function Page() {
  return <ComingSoon title="Crear un curso">Muy pronto podrás elegir un tema y un nivel y tu mentor de IA generará un curso completo para ti.</ComingSoon>;
}
