// Entry of the library build only: it pulls the stylesheet into the build so that it comes out
// as dist/styles.css, without making src/index.ts import CSS for workspace consumers.
import './styles/index.css';

export * from './index';
