/** Stand-ins the web's unit tests share. */
import type { StaffLeadDetail } from '@cbp/core';

/** A `localStorage` kept in memory, with the map behind it for the test to read. */
export function memoryStore(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  const store = {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      map.set(key, value);
    },
    removeItem: (key: string) => {
      map.delete(key);
    },
  };
  return { map, store };
}

/** One of the client's calculations as the lead page reads it: 850 € a month, unchanged. */
export function staffCalculation(
  fecha: string,
  cumpleRequisitos: boolean,
): StaffLeadDetail['calculos'][number] {
  return {
    id: '3f1c1e0a-0000-4000-8000-000000000001',
    fecha,
    fechaEvaluacion: fecha.slice(0, 10),
    versionReglas: '2026-11',
    cumpleRequisitos,
    codigo: null,
    cuotaActual: 850,
    nuevaCuota: 850,
  };
}
