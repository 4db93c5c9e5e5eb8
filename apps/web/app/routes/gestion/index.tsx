import { Navigate } from 'react-router';

import { GESTION_HOME } from '../../features/gestion/navigation';

export default function GestionIndexRoute() {
  return <Navigate to={GESTION_HOME} replace />;
}
