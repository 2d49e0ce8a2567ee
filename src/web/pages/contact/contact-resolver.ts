import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema } from '../../../shared/schemas/contact';

/** The contact form's rules: the schema the server validates with (loaded apart, with zod, by contact-form.tsx). */
export const contactResolver = zodResolver(contactSchema);
