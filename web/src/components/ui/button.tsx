import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

const variants = {
  primary: 'bg-clay text-white hover:bg-clay-dark shadow-sm',
  secondary: 'bg-white text-ink border border-linen hover:bg-sand',
  ghost: 'text-ink hover:bg-sand',
} as const;
const sizes = { md: 'h-11 px-5 text-sm', sm: 'h-9 px-3.5 text-sm' } as const;

type Style = { variant?: keyof typeof variants; size?: keyof typeof sizes; className?: string };

export function buttonClass({ variant = 'primary', size = 'md', className = '' }: Style = {}) {
  return `inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors disabled:opacity-60 disabled:cursor-not-allowed ${variants[variant]} ${sizes[size]} ${className}`;
}

export function Button({ variant, size, className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & Style) {
  return <button type="button" {...props} className={buttonClass({ variant, size, className })} />;
}

export function ButtonLink({ variant, size, className, ...props }: LinkProps & Style) {
  return <Link {...props} className={buttonClass({ variant, size, className })} />;
}
