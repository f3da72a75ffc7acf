import { ComingSoon } from '../../components/coming-soon';

// Placeholder until its issue lands: keeps the route, the layout and the title in place.
export default function Page() {
  return <ComingSoon title="Pago cancelado">No se ha realizado ningún cargo. Puedes intentarlo de nuevo cuando quieras.</ComingSoon>;
}
