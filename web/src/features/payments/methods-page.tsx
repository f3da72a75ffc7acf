import { ComingSoon } from '../../components/coming-soon';

// Placeholder until its issue lands: keeps the route, the layout and the title in place.
export default function Page() {
  return <ComingSoon title="Métodos de Pago">Gestiona tus tarjetas y tu método de pago predeterminado.</ComingSoon>;
}
