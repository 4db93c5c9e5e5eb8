import type { StaffLeadDetail } from '@cbp/core';

import { leadVerdict } from './verdict';

/** The lead's verdict under its name, with its source (decision 0722). */
export function LeadVerdict({ detail }: { detail: Pick<StaffLeadDetail, 'lead' | 'calculos'> }) {
  const { key, value } = leadVerdict(detail);
  return (
    <p>
      <span className="font-semibold">{key}:</span> {value}
    </p>
  );
}
