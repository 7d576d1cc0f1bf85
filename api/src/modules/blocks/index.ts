/** blocks: blocking and muting people, the viewer's lists of them, and who is hidden from whom. Its public surface. */
export { BlockResolver } from './block.resolver';
export { BlockService } from './block.service';
export { blockPolicy } from './block.policy';
export { RELATIONS_CHANGED, type BlockEvents, type Relations } from './live-relations';
export { BLOCK_VIEWER_CAN, BlockViewerCanResolver } from './block-viewer-can';
