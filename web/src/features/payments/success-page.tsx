import { ComingSoon } from '../../components/coming-soon';

// Placeholder until its issue lands: keeps the route, the layout and the title in place.
export default function Page() {
  return <ComingSoon title="Pago completado">Gracias por tu pago. Tu plan se actualizará en unos instantes.</ComingSoon>;
}
