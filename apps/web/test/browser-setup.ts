// The app's styles, so a test sees what a person sees (a busy button's hidden face, for one).
import '../app/app.css';
