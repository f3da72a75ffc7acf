import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from '../../web/src/components/error-boundary';
import { PageLoader } from '../../web/src/components/page-loader';
import { Spinner } from '../../web/src/components/spinner';
import { TOAST } from '../../web/src/config/constants';

describe('shared components (SPEC §2, §9)', () => {
  it.each([
    ['sm', 'blue'],
    ['md', 'white'],
    ['lg', 'gray'],
  ] as const)('spinner %s %s', (size, color) => {
    render(<Spinner size={size} color={color} label="Cargando" />);
    const s = screen.getByRole('status', { name: 'Cargando' });
    expect(s).toHaveAttribute('data-size', size);
    expect(s).toHaveAttribute('data-color', color);
  });

  it('loading texts: "Cargando..." and "Cargando {site}..."', () => {
    const { rerender } = render(<PageLoader />);
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    rerender(<PageLoader site="Perfil" />);
    expect(screen.getByText('Cargando Perfil...')).toBeInTheDocument();
  });

  it('the error boundary shows "Something went wrong" with the error text', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const Boom = () => {
      throw new Error('fallo de prueba');
    };
    render(<ErrorBoundary><Boom /></ErrorBoundary>);
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('fallo de prueba')).toBeInTheDocument();
  });

  it('toasts: 4000 ms, 3 visible, 356 px wide, 14 px apart', () => {
    expect(TOAST).toEqual({ durationMs: 4000, visible: 3, widthPx: 356, gapPx: 14 });
  });
});
