import './island-toaster';

export { RegisterIsland as default } from '../pages/register/register-island';
