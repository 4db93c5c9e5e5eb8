import type { EuriborWarning } from '@cbp/core';
import { Alert, TextLink } from '@cbp/ui';
import { Link } from 'react-router';

import { staffApi } from './api';
import { SERIES_PATH, SERIES_TEXT } from './series';
import { useStaffData } from './use-staff-data';

/** The warning when the newest Euribor month is too old; nothing when the series is current. */
export function EuriborWarningAlert({
  warning,
  withLink,
}: {
  warning: EuriborWarning;
  withLink: boolean;
}) {
  if (!warning.caducado || warning.texto === null) return null;
  return (
    <Alert variant="warning">
      <div className="flex flex-col items-start gap-2">
        <p className="font-semibold">{SERIES_TEXT.warningTitle}</p>
        <p>{warning.texto}</p>
        {withLink ? (
          <TextLink asChild>
            <Link to={SERIES_PATH}>{SERIES_TEXT.warningLink}</Link>
          </TextLink>
        ) : null}
      </div>
    </Alert>
  );
}

/** The Euribor warning where staff land (the leads page), loaded on its own. */
export function EuriborStaleNotice() {
  const series = useStaffData('series', (token, signal) => staffApi().series(token, signal));
  if (series.data === null) return null;
  return <EuriborWarningAlert warning={series.data.aviso} withLink />;
}
