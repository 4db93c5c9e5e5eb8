import { TextLink } from '@cbp/ui';
import { Link } from 'react-router';

export default function GestionNotFoundRoute() {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">Página no encontrada</h1>
      <p>
        Esta dirección no existe en la zona de gestión. Vuelve a los{' '}
        <TextLink asChild>
          <Link to="/gestion/leads">leads</Link>
        </TextLink>
        .
      </p>
    </div>
  );
}
