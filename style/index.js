import './base.css';
import './outputs.css';
