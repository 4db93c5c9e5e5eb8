import type { EuriborWarning, SeriesResponse } from '@cbp/core';
import { Alert, TextLink } from '@cbp/ui';
import { Link } from 'react-router';

import type { PanelData } from './panel-data';
import { SERIES_PATH, SERIES_TEXT } from './series';

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

/** The Euribor warning where staff land (the leads page); nothing if the series did not load. */
export function EuriborStaleNotice({ series }: { series: PanelData<SeriesResponse> }) {
  if (!series.ok) return null;
  return <EuriborWarningAlert warning={series.data.aviso} withLink />;
}
