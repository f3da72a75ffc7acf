import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicEvaluation } from '../../../lambdas/contract/courses';
import { QueryProvider } from '../../../web/src/app/providers/query-provider';
import { EvaluationReviewItem } from '../../../web/src/features/course/evaluation-review';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi } from '../fake-api';
import { signedIn } from '../courses/fixtures';
import { aMaterial, IDS } from './fixtures';

beforeEach(() => signedIn());

const evaluation: PublicEvaluation = {
  courseId: 'c-1', moduleId: 'm1', titulo: 'Evaluación', aprobarCon: 70, varianteId: 'v-1', intentosRestantesHoy: 3,
  preguntas: [{ preguntaId: 'p1', enunciado: '¿Dónde ocurre la fotosíntesis?', opciones: [{ opcion: 'A', texto: 'En los cloroplastos' }, { opcion: 'B', texto: 'En el núcleo' }] }],
};
const fuente = { materialId: IDS[0], titulo: 'Manual de Biología', pagina: 12, cita: 'La fotosíntesis ocurre en los cloroplastos.' };

test('a graded answer of a grounded course shows the page it was drawn from, and its passage on demand', async () => {
  fakeApi({ [`GET /materials/${IDS[0]}`]: () => [200, { success: true, data: aMaterial({ titulo: 'Manual de Biología' }) }] });
  render(
    <MemoryRouter>
      <QueryProvider>
        <ol>
          <EvaluationReviewItem courseId="c-1" moduleId="m1" evaluation={evaluation} number={1}
            result={{ preguntaId: 'p1', enunciado: '¿Dónde ocurre la fotosíntesis?', correcta: false, opcionElegida: 'B', fuente }} />
        </ol>
      </QueryProvider>
    </MemoryRouter>,
  );
  expect(screen.getByText(/Fuente: «Manual de Biología», página 12\./)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Ver el pasaje de la página 12' }));
  expect(within(screen.getByRole('dialog', { name: 'Manual de Biología' })).getByText('«La fotosíntesis ocurre en los cloroplastos.»')).toBeInTheDocument();
});
