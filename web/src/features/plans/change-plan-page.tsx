import { ComingSoon } from '../../components/coming-soon';

// Placeholder until its issue lands: keeps the route, the layout and the title in place.
export default function Page() {
  return <ComingSoon title="Planes y precios">Compara el plan gratuito con el plan premium y mejora tu plan.</ComingSoon>;
}
