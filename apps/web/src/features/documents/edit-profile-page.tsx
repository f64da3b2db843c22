import { Navigate } from 'react-router';

// Scaffold: SPEC §2, edit-profile goes to form-wizards while the profile completion is 0.
export function EditProfilePage() {
  return <Navigate to="/form-wizards" replace />;
}
