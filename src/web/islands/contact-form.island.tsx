import './island-toaster';

export { ContactForm as default } from '../pages/contact/contact-form';
