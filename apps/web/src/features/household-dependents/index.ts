// The household dependents feature's public entry point (issue 32 item 5): the Household → Dependents part of the
// profile page. Others import only this module.
export const loadDependentsSection = () => import('./dependents-section.tsx');
