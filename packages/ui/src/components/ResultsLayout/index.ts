export {
  ResultsLayout,
  ResultsSection,
  type ResultsLayoutProps,
  type ResultsSectionProps,
} from './ResultsLayout';
