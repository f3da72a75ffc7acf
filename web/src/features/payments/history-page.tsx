import { ComingSoon } from '../../components/coming-soon';

// Placeholder until its issue lands: keeps the route, the layout and the title in place.
export default function Page() {
  return <ComingSoon title="Historial de Pagos">Consulta tus facturas y pagos anteriores.</ComingSoon>;
}
