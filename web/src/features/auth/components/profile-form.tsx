import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { ProfileUpdate } from '@schemas/profile';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useUpdateProfile } from '../api/profile';

/** E-mail read-only (it is the sign-in name), full name editable. */
export function ProfileForm({ userId, email, fullName }: { userId: string; email: string; fullName: string }) {
  const updateProfile = useUpdateProfile(userId);
  const { register, handleSubmit, formState, reset } = useForm<ProfileUpdate>({
    resolver: zodResolver(ProfileUpdate),
    defaultValues: { fullName },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await updateProfile.mutateAsync(values);
      reset({ fullName: saved.fullName });
      toast.success('Profile updated successfully');
    } catch {
      toast.error('Error', { description: 'Failed to update profile' });
    }
  });

  return (
    // submit() reports its own failures with a toast, so its promise is left to run.
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Profile" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <Field label="Email" id="profile-email" type="email" value={email} readOnly aria-describedby="profile-email-hint" />
        <p id="profile-email-hint" className="text-sm text-muted">
          Your email is how you sign in, so it cannot be changed here.
        </p>
      </div>
      <Field
        label="Full name"
        id="profile-full-name"
        autoComplete="name"
        error={formState.errors.fullName?.message}
        {...register('fullName')}
      />
      <Button type="submit" className="self-start" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Save Changes'}
      </Button>
    </form>
  );
}
