// A plain Vite app that uses the packed @cbp/ui the way another service of the firm would.
import '@cbp/ui/styles.css';
import './app.css';

import {
  Alert,
  AlertDescription,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Field,
  TextInput,
  themeClassNames,
} from '@cbp/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 p-6">
      <h1 className="text-2xl font-bold">Reclamación de gastos hipotecarios</h1>
      <p data-testid="app-banner" className="rounded-md bg-primary p-4 text-primary-foreground">
        Puede que tu banco te deba dinero.
      </p>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Acceso clientes</CardTitle>
        </CardHeader>
        <CardContent>
          <Field label="Correo electrónico" hint="El que usaste al registrarte." required>
            <TextInput type="email" autoComplete="email" />
          </Field>
          <Button data-testid="package-button">Iniciar sesión</Button>
        </CardContent>
      </Card>
      <Alert variant="info">
        <AlertDescription>Revisa tus datos antes de continuar.</AlertDescription>
      </Alert>
      <Button
        variant="outline"
        onClick={() => {
          document.documentElement.classList.toggle(themeClassNames.refund);
        }}
      >
        Cambiar de tema
      </Button>
    </main>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
