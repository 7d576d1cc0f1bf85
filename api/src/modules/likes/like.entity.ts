import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('likes')
export class Like {
  @PrimaryColumn({ name: 'post_id', type: 'uuid' })
  postId!: string;

  @PrimaryColumn({ name: 'user_uid', type: 'text' })
  userUid!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
