import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { fieldClass } from './input';

/**
 * A native select with the field look: it works with react-hook-form's register(), the FormField
 * wrapper's label and message wiring, and the phone's own picker.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClass, 'h-10 appearance-auto', className)} {...props} />;
}
