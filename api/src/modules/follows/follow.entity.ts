import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('follows')
export class Follow {
  @PrimaryColumn({ name: 'follower_uid', type: 'text' })
  followerUid!: string;

  @PrimaryColumn({ name: 'followee_uid', type: 'text' })
  followeeUid!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
