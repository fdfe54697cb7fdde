export { type FirstStep, type FirstStepKey, type FirstSteps, firstStepsFor } from './first-steps.ts';
