import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A student's private iCalendar address: the secret token in its URL. One per student; a reset replaces it. */
@Entity('calendar_feeds')
export class CalendarFeed {
  @PrimaryColumn({ name: 'user_uid', type: 'text' })
  userUid!: string;

  @Column({ type: 'text', unique: true })
  token!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
