import { ComingSoon } from '../../components/coming-soon';

// Placeholder until its issue lands: keeps the route, the layout and the title in place.
export default function Page() {
  return <ComingSoon title="Curso">Aquí verás los módulos, las lecciones y las evaluaciones de tu curso.</ComingSoon>;
}
