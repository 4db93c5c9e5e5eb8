import { REVIEW_TAB_LABELS, REVIEW_TABS, type ReviewTab } from '@cbp/core';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cbp/ui';
import type * as React from 'react';

import { TAB_FIELDS } from '../state';
import { ReviewField, type StepFieldProps } from './ReviewField';

function isTab(value: string): value is ReviewTab {
  return (REVIEW_TABS as readonly string[]).includes(value);
}

export interface DataStepProps extends StepFieldProps {
  tab: ReviewTab;
  onTab: (tab: ReviewTab) => void;
  /** The list of tabs, so the wizard can put focus on the tab Siguiente opened. */
  tabListRef: React.Ref<HTMLDivElement>;
}

/** Step 2, 'Revisión de Datos': three tabs, each clickable; Siguiente walks them in order. */
export function DataStep({ tab, onTab, tabListRef, ...fields }: DataStepProps) {
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        if (isTab(value)) onTab(value);
      }}
    >
      <TabsList ref={tabListRef} aria-label="Secciones de la revisión de datos">
        {REVIEW_TABS.map((value) => (
          <TabsTrigger key={value} value={value}>
            {REVIEW_TAB_LABELS[value]}
          </TabsTrigger>
        ))}
      </TabsList>
      {REVIEW_TABS.map((value) => (
        <TabsContent key={value} value={value} className="flex min-w-0 flex-col gap-6">
          {TAB_FIELDS[value].map((field) => (
            <ReviewField key={field} field={field} {...fields} />
          ))}
        </TabsContent>
      ))}
    </Tabs>
  );
}
