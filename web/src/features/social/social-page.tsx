import { ComingSoon } from '../../components/coming-soon';

// Placeholder until its issue lands: keeps the route, the layout and the title in place.
export default function Page() {
  return <ComingSoon title="Comunidad">Encuentra a otras personas que aprenden lo mismo que tú y conecta con ellas.</ComingSoon>;
}
