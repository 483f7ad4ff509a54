import { closeSharedChromium } from './global-setup.ts';

export default closeSharedChromium;
